class MeetingsController < ApplicationController
  before_action :set_meeting, only: %i[show edit update destroy]

  def index
    @meetings = Meeting.order(:id)
  end

  def show
  end

  def new
    @meeting = Meeting.new
  end

  def edit
  end

  def create
    @meeting = Meeting.new(meeting_params)

    if @meeting.save
      redirect_to @meeting, notice: "Meeting was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @meeting.update(meeting_params)
      redirect_to @meeting, notice: "Meeting was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @meeting.destroy!
    redirect_to meetings_path, notice: "Meeting was deleted.", status: :see_other
  end

  private

  def set_meeting
    @meeting = Meeting.find(params.expect(:id))
  end

  def meeting_params
    params.expect(meeting: [:name, :due_on])
  end
end
